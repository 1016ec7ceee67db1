/**
 * Where the house options extend the core's records: empty interfaces that each module's file augments by
 * declaration merging (`declare module '../table/extensions'`), so the core's record types (state, events,
 * commands, rejections, rules) are the core's fields plus whatever the modules declare, and no core file imports a
 * module (no import circle, not even of types). This file imports nothing.
 *
 * Keys of the unions (HouseCommands, HouseEvents, HouseLegalActions, HouseForcedBetKinds, HouseRejectionCodes) are
 * the module's name; the value is the module's union. The slices, HandStarted's fields and the rules' fields are
 * merged field by field: a module declares its own fields in its file, and only it writes them.
 */
/* eslint-disable @typescript-eslint/no-empty-object-type -- filled by the modules' augmentations */

/** Each module's commands, by module name. */
export interface HouseCommands {}
/** Each module's own events, by module name. */
export interface HouseEvents {}
/** Each module's legal actions, by module name. */
export interface HouseLegalActions {}
/** The forced-bet kinds a module posts (the core's are the blinds, antes and make-ups), by module name. */
export interface HouseForcedBetKinds {}
/** The rejection codes a module answers with, by module name. */
export interface HouseRejectionCodes {}

/** Fields of HandStarted the modules own (recorded in every HandStarted since they existed). */
export interface HouseHandStarted {}
/** Fields of the table rules the modules own (missed blinds' policy, rules.houseOptions), and what a client sends. */
export interface HouseRules {}
export interface HouseRulesInput {}
/** The house options a table runs with (rules.houseOptions): each module's parameters, null or absent when off. */
export interface HouseOptions {}

/** The modules' state slices: fields of SeatState, HandState.house and TableState that only their module writes. */
export interface HouseSeatSlice {}
export interface HouseHandSlice {}
export interface HouseTableSlice {}

export type HouseCommand = HouseCommands[keyof HouseCommands];
export type HouseEvent = HouseEvents[keyof HouseEvents];
export type HouseLegalAction = HouseLegalActions[keyof HouseLegalActions];
export type HouseForcedBetKind = HouseForcedBetKinds[keyof HouseForcedBetKinds];
export type HouseRejectionCode = HouseRejectionCodes[keyof HouseRejectionCodes];
