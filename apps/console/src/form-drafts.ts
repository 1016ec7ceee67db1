/**
 * What was typed into the named forms inside `container` (forms with a data-testid), so that it survives the
 * container being rebuilt when someone else's command changes the table mid-typing.
 */
export class FormDrafts {
  private readonly typed = new Map<string, string>();

  constructor(private readonly container: HTMLElement) {
    container.addEventListener('input', (event) => {
      const input = event.target as HTMLInputElement;
      const formId = input.form?.dataset.testid;
      if (formId && input.name) this.typed.set(`${formId}/${input.name}`, input.value);
    });
  }

  /** Puts the typed values back into the rebuilt forms. */
  restore(): void {
    for (const [key, value] of this.typed) {
      const [formId, name] = key.split('/');
      const input = this.container.querySelector<HTMLInputElement>(`form[data-testid="${formId}"] [name="${name}"]`);
      if (input) input.value = value;
    }
  }

  /** A form was sent: its draft is done. */
  forget(form: HTMLFormElement): void {
    for (const key of this.typed.keys()) if (key.startsWith(`${form.dataset.testid}/`)) this.typed.delete(key);
  }
}
