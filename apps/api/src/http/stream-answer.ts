import type { StreamOutcome } from '@felt/event-store';
import { sendJson, type HttpResponse } from './http-types';
import { ApiProblem, problemForOutcome, SUCCESS_STATUS } from './status-mapping';

/** How one stream kind's routes name the stream in their answers. */
export interface StreamAnswer<F> {
  /** The ids the answer and its problems carry ({ gameId }, { playerId }; none for the one book). */
  readonly ids: Record<string, string>;
  /** The stream in a sentence: "game g1", "the book". */
  readonly subject: string;
  /** The answer's status when applied, replayed or not (201 / 200 when absent). */
  readonly status?: number;
  /** More of the body: the floor's view of the fold, say. */
  readonly view?: (folded: F) => object;
  /** For a kind whose command may not start a stream (its first command is another one). */
  readonly notFound?: () => ApiProblem;
}

interface Refusal {
  readonly code: string;
  readonly message: string;
  readonly field?: string;
}

/**
 * The answer to a command of a pure decider's stream (StreamCommandHandler): 201 applied / 200 replayed with the
 * version (also as the ETag) and the events as recorded, else the problem. One shape for the room, the registry,
 * tournaments and the book.
 */
export function sendStreamOutcome<F, R extends Refusal>(
  res: HttpResponse,
  commandId: string,
  outcome: StreamOutcome<F, R>,
  answer: StreamAnswer<F>,
): void {
  const { ids, subject } = answer;
  switch (outcome.kind) {
    case 'applied':
    case 'replayed':
      res.header('ETag', `"${outcome.version}"`);
      return sendJson(res, answer.status ?? SUCCESS_STATUS[outcome.kind], {
        ...ids,
        version: outcome.version,
        events: outcome.events.map((e) => ({ type: e.type, streamVersion: e.streamVersion, ...(e.data as object) })),
        ...answer.view?.(outcome.folded),
      });
    case 'rejected':
      throw new ApiProblem('rule-refused', outcome.rejection.code, outcome.rejection.message, {
        ...ids,
        ...(outcome.rejection.field === undefined ? {} : { field: outcome.rejection.field }),
      });
    case 'not-found':
      if (answer.notFound) throw answer.notFound();
      throw new Error(`bug: every command may start ${subject}`);
    case 'conflict':
      throw new ApiProblem(
        'version-conflict',
        'VERSION_CONFLICT',
        outcome.expectedVersion === undefined
          ? `${subject} changed while this command was decided (now at version ${outcome.currentVersion}); read it and try again`
          : `${subject} is at version ${outcome.currentVersion}, not ${outcome.expectedVersion}`,
        { ...ids, currentVersion: outcome.currentVersion },
      );
    case 'command-id-reused':
      throw new ApiProblem('command-id-reused', 'COMMAND_ID_REUSED', `this command id was already used on stream ${outcome.firstStreamId}`);
    case 'key-in-flight':
    case 'key-reused':
      throw problemForOutcome(subject, commandId, outcome);
  }
}
