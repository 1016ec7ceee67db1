import { z } from 'zod';
import { DEFAULT_CALL_RESPONSE_SECONDS, MAX_CALL_RESPONSE_SECONDS, MIN_CALL_RESPONSE_SECONDS } from './call-response';
import { DEFAULT_MUST_MOVE_ORDER, MUST_MOVE_ORDERS, type MustMoveOrder } from './must-move-order';
import { DEFAULT_NEW_TABLE_AT, MAX_NEW_TABLE_AT, MIN_NEW_TABLE_AT } from './new-table';
import { DEFAULT_NO_SHOW, NO_SHOW_POLICIES, type NoShowPolicy } from './no-show';
import { DEFAULT_TABLE_CHANGE_PRIORITY, TABLE_CHANGE_PRIORITIES, type TableChangePriority } from './table-change-priority';

/** The room's house policies for one game, recorded in full in GameOpened so a replay applies what was in force. */
export interface RoomPolicies {
  readonly callResponseSeconds: number;
  readonly noShow: NoShowPolicy;
  readonly mustMoveOrder: MustMoveOrder;
  readonly newTableAt: number;
  readonly tableChange: TableChangePriority;
}

/** ⚙ The game's house policies as given with OpenGame (the API validates with this); those left out take their defaults. */
export const roomPoliciesInputSchema = z.strictObject({
  callResponseSeconds: z.number().int().min(MIN_CALL_RESPONSE_SECONDS).max(MAX_CALL_RESPONSE_SECONDS).optional(),
  noShow: z.enum(NO_SHOW_POLICIES).optional(),
  mustMoveOrder: z.enum(MUST_MOVE_ORDERS).optional(),
  newTableAt: z.number().int().min(MIN_NEW_TABLE_AT).max(MAX_NEW_TABLE_AT).optional(),
  tableChange: z.enum(TABLE_CHANGE_PRIORITIES).optional(),
});

export type RoomPoliciesInput = z.infer<typeof roomPoliciesInputSchema>;

export const DEFAULT_ROOM_POLICIES: RoomPolicies = {
  callResponseSeconds: DEFAULT_CALL_RESPONSE_SECONDS,
  noShow: DEFAULT_NO_SHOW,
  mustMoveOrder: DEFAULT_MUST_MOVE_ORDER,
  newTableAt: DEFAULT_NEW_TABLE_AT,
  tableChange: DEFAULT_TABLE_CHANGE_PRIORITY,
};

/** The policies with defaults filled in, or the first thing wrong with the input, as a sentence. */
export function normalizeRoomPolicies(
  input: RoomPoliciesInput = {},
): { ok: true; policies: RoomPolicies } | { ok: false; field: string; message: string } {
  const p: RoomPolicies = {
    callResponseSeconds: input.callResponseSeconds ?? DEFAULT_ROOM_POLICIES.callResponseSeconds,
    noShow: input.noShow ?? DEFAULT_ROOM_POLICIES.noShow,
    mustMoveOrder: input.mustMoveOrder ?? DEFAULT_ROOM_POLICIES.mustMoveOrder,
    newTableAt: input.newTableAt ?? DEFAULT_ROOM_POLICIES.newTableAt,
    tableChange: input.tableChange ?? DEFAULT_ROOM_POLICIES.tableChange,
  };
  if (
    !Number.isInteger(p.callResponseSeconds) ||
    p.callResponseSeconds < MIN_CALL_RESPONSE_SECONDS ||
    p.callResponseSeconds > MAX_CALL_RESPONSE_SECONDS
  )
    return {
      ok: false,
      field: 'policies.callResponseSeconds',
      message: `the response time to a call is a whole number of seconds from ${MIN_CALL_RESPONSE_SECONDS} to ${MAX_CALL_RESPONSE_SECONDS}`,
    };
  if (!NO_SHOW_POLICIES.includes(p.noShow))
    return { ok: false, field: 'policies.noShow', message: `a no-show policy is one of ${NO_SHOW_POLICIES.join(', ')}` };
  if (!MUST_MOVE_ORDERS.includes(p.mustMoveOrder))
    return { ok: false, field: 'policies.mustMoveOrder', message: `the must-move order is one of ${MUST_MOVE_ORDERS.join(', ')}` };
  if (!Number.isInteger(p.newTableAt) || p.newTableAt < MIN_NEW_TABLE_AT || p.newTableAt > MAX_NEW_TABLE_AT)
    return {
      ok: false,
      field: 'policies.newTableAt',
      message: `a new table opens at a whole number of waiting players from ${MIN_NEW_TABLE_AT} to ${MAX_NEW_TABLE_AT}`,
    };
  if (!TABLE_CHANGE_PRIORITIES.includes(p.tableChange))
    return { ok: false, field: 'policies.tableChange', message: `table-change priority is one of ${TABLE_CHANGE_PRIORITIES.join(', ')}` };
  return { ok: true, policies: p };
}
