import fc from 'fast-check';
import { expectToBe } from '../../../test/loop-assertions';
import type { ExclusionCommand, PlayerCommand } from './commands';
import { exclusionDecider, type ExclusionListState } from './exclusion-decider';
import { playerDecider, type PlayerState } from './player-decider';
import { RegistryIndex } from './seat-check';

/**
 * The property of issue 37: whatever the floor does (register, change identities, ban, lift, import lists, ask for
 * and approve lifts, erase) and whenever a seat is asked for, the seat check lets a player sit exactly when no ban
 * and no list entry in force names them. The oracle is written apart from the index: plain arrays, scanned. The
 * index may be snapshotted and read back at any step (the registry's snapshot): it must go on answering the same.
 */
const PLAYERS = ['C1', 'C2', 'C3', 'C4'];
const KEYS = ['k1', 'k2', 'k3'];
const STAFF = ['floor-a', 'floor-b'];
const HOUR = 3_600_000;

type Step =
  | { kind: 'player'; playerId: string; command: Omit<PlayerCommand, 'at' | 'actor'> }
  | { kind: 'list'; listId: string; command: Omit<ExclusionCommand, 'at' | 'actor'> }
  | { kind: 'seat'; playerId: string }
  /** The index kept as a snapshot (JSON text) and read back, as an API process restarting does; folding goes on from there. */
  | { kind: 'snapshot' };

const player = fc.constantFrom(...PLAYERS);
const entryId = fc.constantFrom('E1', 'E2', 'E3', 'E4');
const step: fc.Arbitrary<{ step: Step; actor: string; advance: number }> = fc.record({
  actor: fc.constantFrom(...STAFF),
  advance: fc.integer({ min: 0, max: 12 * HOUR }),
  step: fc.oneof(
    fc.record({ kind: fc.constant('seat' as const), playerId: player }),
    fc.record({ kind: fc.constant('snapshot' as const) }),
    fc.record({
      kind: fc.constant('player' as const),
      playerId: player,
      command: fc.oneof(
        fc.record({
          type: fc.constant('RegisterPlayer' as const),
          personalDigest: fc.constant('d'),
          matchKey: fc.option(fc.constantFrom(...KEYS)),
        }),
        fc.record({
          type: fc.constant('ChangePlayerDetails' as const),
          personalDigest: fc.constant('d2'),
          matchKey: fc.option(fc.constantFrom(...KEYS)),
        }),
        fc.record({
          type: fc.constant('BanPlayer' as const),
          banId: fc.constantFrom('b1', 'b2'),
          reason: fc.constant('conduct' as const),
          startIn: fc.integer({ min: -HOUR, max: 24 * HOUR }),
          lasts: fc.option(fc.integer({ min: 1, max: 48 * HOUR })),
        }),
        fc.record({ type: fc.constant('LiftBan' as const), banId: fc.constantFrom('b1', 'b2') }),
        fc.record({ type: fc.constant('ErasePlayer' as const) }),
      ),
    }),
    fc.record({
      kind: fc.constant('list' as const),
      listId: fc.constantFrom('state', 'tribal'),
      command: fc.oneof(
        fc.record({
          type: fc.constant('ImportExclusions' as const),
          source: fc.constant('file'),
          entries: fc.array(fc.record({ entryId, playerId: fc.option(player), matchKey: fc.option(fc.constantFrom(...KEYS)) }), {
            maxLength: 3,
          }),
        }),
        fc.record({ type: fc.constantFrom('RequestExclusionLift' as const, 'ApproveExclusionLift' as const), entryId }),
      ),
    }),
  ) as fc.Arbitrary<Step>,
});

interface Oracle {
  bans: { playerId: string; banId: string; start: number; end: number | null; liftedAt: number | null }[];
  entries: { listId: string; entryId: string; playerId: string | null; matchKey: string | null; lifted: boolean }[];
  matchKey: Map<string, string | null>;
}

function excluded(oracle: Oracle, playerId: string, at: number): boolean {
  const key = oracle.matchKey.get(playerId) ?? null;
  return (
    oracle.bans.some((b) => b.playerId === playerId && b.liftedAt === null && b.start <= at && (b.end === null || at < b.end)) ||
    oracle.entries.some((e) => !e.lifted && (e.playerId === playerId || (key !== null && e.matchKey === key)))
  );
}

describe('no sequence of commands seats an excluded player', () => {
  it('lets a player sit exactly when no ban or list entry in force names them', () => {
    const seen = { allowed: 0, refused: 0 };
    // More runs until both answers were reached often (a generator that cannot reach them fails below), so that the
    // count of runs never decides the outcome.
    for (let round = 0; round < 10 && (seen.refused <= 40 || seen.allowed <= 100); round++)
      fc.assert(
        fc.property(fc.array(step, { minLength: 1, maxLength: 60 }), (steps) => {
          let index = new RegistryIndex();
          const players = new Map<string, PlayerState>();
          const lists = new Map<string, ExclusionListState>();
          const oracle: Oracle = { bans: [], entries: [], matchKey: new Map() };
          const seated = new Set<string>();
          let now = Date.parse('2026-12-06T12:00:00.000Z');
          for (const { step: s, actor, advance } of steps) {
            now += advance;
            const at = new Date(now).toISOString();
            if (s.kind === 'snapshot') {
              index = RegistryIndex.fromJson(JSON.parse(JSON.stringify(index.toJson())))!;
              continue;
            }
            if (s.kind === 'seat') {
              const allowed = index.seatCheck(s.playerId, now) === null;
              expectToBe(allowed, !excluded(oracle, s.playerId, now));
              if (allowed) seated.add(s.playerId);
              seen[allowed ? 'allowed' : 'refused']++;
              continue;
            }
            if (s.kind === 'player') {
              const raw = s.command as Record<string, unknown> & { type: PlayerCommand['type'] };
              const command = toPlayerCommand(raw, s.playerId, at, actor, now);
              const state = players.get(s.playerId) ?? playerDecider.initialState;
              const decision = playerDecider.decide(command, state);
              if (!decision.ok) continue;
              let next = state;
              for (const e of decision.events) {
                next = playerDecider.evolve(next, e);
                index.applyPlayer(s.playerId, e);
                if (e.type === 'PlayerRegistered' || e.type === 'PlayerDetailsChanged') oracle.matchKey.set(s.playerId, e.matchKey);
                if (e.type === 'PlayerBanned')
                  oracle.bans.push({
                    playerId: s.playerId,
                    banId: e.banId,
                    start: Date.parse(e.start),
                    end: e.end === null ? null : Date.parse(e.end),
                    liftedAt: null,
                  });
                if (e.type === 'PlayerBanLifted') oracle.bans.find((b) => b.playerId === s.playerId && b.banId === e.banId)!.liftedAt = now;
              }
              players.set(s.playerId, next);
              continue;
            }
            const command = { ...s.command, at, actor } as ExclusionCommand;
            const state = lists.get(s.listId) ?? exclusionDecider.initialState;
            const decision = exclusionDecider.decide(command, state);
            if (!decision.ok) continue;
            let next = state;
            for (const e of decision.events) {
              next = exclusionDecider.evolve(next, e);
              index.applyList(s.listId, e);
              if (e.type === 'ExclusionEntriesAdded')
                for (const x of e.entries) oracle.entries.push({ listId: s.listId, ...x, lifted: false });
              if (e.type === 'ExclusionEntryLifted')
                for (const x of oracle.entries) if (x.listId === s.listId && x.entryId === e.entryId) x.lifted = true;
            }
            lists.set(s.listId, next);
          }
          return seated.size <= PLAYERS.length;
        }),
        { numRuns: 300 },
      );
    // The runs reach both answers often (not a property that holds because nobody is ever excluded).
    expect(seen.refused).toBeGreaterThan(40);
    expect(seen.allowed).toBeGreaterThan(100);
  });
});

describe('the index kept as a snapshot', () => {
  it('is not read back in another format (the registry then folds its streams from the start)', () => {
    const kept = JSON.parse(JSON.stringify(new RegistryIndex().toJson())) as Record<string, unknown>;
    expect(RegistryIndex.fromJson(kept)).not.toBeNull();
    expect(RegistryIndex.fromJson({ ...kept, format: 2 })).toBeNull();
    expect(RegistryIndex.fromJson({ format: 1 })).toBeNull();
    expect(RegistryIndex.fromJson(null)).toBeNull();
  });
});

function toPlayerCommand(
  raw: Record<string, unknown> & { type: PlayerCommand['type'] },
  playerId: string,
  at: string,
  actor: string,
  now: number,
): PlayerCommand {
  if (raw.type === 'BanPlayer') {
    const start = now + (raw.startIn as number);
    const lasts = raw.lasts as number | null;
    return {
      type: 'BanPlayer',
      at,
      actor,
      banId: raw.banId as string,
      reason: 'conduct',
      start: new Date(start).toISOString(),
      end: lasts === null ? null : new Date(start + lasts).toISOString(),
    };
  }
  if (raw.type === 'RegisterPlayer')
    return { type: 'RegisterPlayer', at, actor, playerId, personalDigest: 'd', matchKey: raw.matchKey as string | null };
  return { ...raw, at, actor } as PlayerCommand;
}
