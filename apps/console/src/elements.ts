/** Builds DOM elements without a framework: `element('button', { type: 'button', 'data-testid': 'x' }, 'Fold')`. */
export type Child = Node | string | number | null | undefined | false;

type Attributes = Record<string, string | number | boolean | null | undefined>;

export function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Attributes = {},
  ...children: (Child | Child[])[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === null || value === undefined || value === false) continue;
    node.setAttribute(name, value === true ? '' : String(value));
  }
  append(node, children);
  return node;
}

export function append(parent: Node, children: (Child | Child[])[]): void {
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    parent.appendChild(typeof child === 'object' ? child : document.createTextNode(String(child)));
  }
}

/** Replaces everything inside `parent`. */
export function replaceChildren(parent: Element, ...children: (Child | Child[])[]): void {
  parent.replaceChildren();
  append(parent, children);
}

/** A labelled input in a form: `<label>Seat <input name="seat"></label>`. */
export function field(label: string, input: HTMLInputElement | HTMLSelectElement): HTMLLabelElement {
  return element('label', {}, `${label} `, input);
}

/** The values of a form's named inputs, as text. */
export function formValues(form: HTMLFormElement): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of new FormData(form).entries()) values[name] = typeof value === 'string' ? value.trim() : '';
  return values;
}
