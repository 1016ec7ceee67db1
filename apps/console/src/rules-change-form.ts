import type { FeedbackSlots } from './feedback-slots.js';
import { form, type Submit } from './floor-forms.js';
import { rulesControls, rulesFromValues } from './table-rules-form.js';
import type { TableView } from './table-types.js';

/**
 * The floor changes a table's rules between hands (ChangeRules: from the next hand on), every setting filled with the
 * table's rules now. Rules that widen who sees cards wait for a second floor supervisor (202): the form says so.
 */
export function changeRulesForm(view: TableView, feedback: FeedbackSlots, submit: Submit): HTMLFormElement | null {
  const between = view.hand === null || view.hand.phase === 'complete';
  if (view.status !== 'open' || !between || !view.rules) return null;
  const current = view.rules;
  return form('change-rules', 'Change the rules from the next hand', rulesControls(current), 'Change rules', feedback, submit, (v) => {
    const made = rulesFromValues(v, current);
    if ('problems' in made) return made.problems.join(' ');
    return {
      method: 'POST',
      path: `/tables/${encodeURIComponent(view.tableId)}/change-rules`,
      body: { rules: made.rules },
      done: 'The new rules apply from the next hand.',
      waiting:
        'The new rules wait for another floor supervisor to approve them on the Staff screen (within the hour); until then the table plays as before.',
    };
  });
}
