import { createHash, randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { exclusionStreamIdOf, playerStreamIdOf, type ExclusionCommand, type ExclusionEntry, type PlayerCommand } from '@felt/players';
import type { Envelope } from '../tables/command-request';
import { ApplyRegistryCommand, type RegistryOutcome } from './apply-registry-command';
import { PersonalStore, type PersonalRecord } from './personal-store';
import type { ImportEntry } from './player-request';

type Body<C> = C extends unknown ? Omit<C, 'at' | 'actor'> : never;

/**
 * What each registry route sends: the command with the API's time and the sender, and for the routes that touch
 * personal data the digest of the record as it will be and the write (or erasure) that makes it so.
 */
@Injectable()
export class PlayerCommands {
  constructor(
    @Inject(CommandBus) private readonly bus: CommandBus,
    @Inject(PersonalStore) private readonly personal: PersonalStore,
  ) {}

  async register(
    envelope: Envelope,
    body: { playerId?: string; name: string; alias: string; birthDate?: string; contact?: Record<string, string> },
  ) {
    // A made-up id follows from the Idempotency-Key when there is one, so a retry lands on the same player.
    const seed = envelope.commandIdGenerated ? randomUUID() : `register ${envelope.commandId}`;
    const playerId = body.playerId ?? `P-${createHash('sha256').update(seed).digest('hex').slice(0, 12)}`;
    const record: PersonalRecord = {
      name: body.name,
      alias: body.alias,
      birthDate: body.birthDate ?? null,
      contact: body.contact ?? {},
      notes: [],
    };
    const at = new Date().toISOString();
    const { digest, write } = await this.personal.prepare(playerId, record, at);
    const matchKey = this.personal.matchKey(record.name, record.birthDate);
    const outcome = await this.player(
      envelope,
      playerId,
      { type: 'RegisterPlayer', playerId, personalDigest: digest, matchKey },
      at,
      write,
    );
    return { playerId, outcome };
  }

  /** A change of the personal record (details or a note): null when the record is gone (the decider says why). */
  async changeRecord(
    envelope: Envelope,
    playerId: string,
    change: (record: PersonalRecord, at: string) => PersonalRecord,
    noteId?: string,
  ) {
    const at = new Date().toISOString();
    const before = await this.personal.get(playerId);
    if (before === null) return this.player(envelope, playerId, { type: 'ChangePlayerDetails', personalDigest: '', matchKey: null }, at);
    const record = change(before, at);
    const { digest, write } = await this.personal.prepare(playerId, record, at);
    const command: Body<PlayerCommand> =
      noteId === undefined
        ? { type: 'ChangePlayerDetails', personalDigest: digest, matchKey: this.personal.matchKey(record.name, record.birthDate) }
        : { type: 'AddPlayerNote', noteId, personalDigest: digest };
    return this.player(envelope, playerId, command, at, write);
  }

  erase(envelope: Envelope, playerId: string) {
    return this.player(envelope, playerId, { type: 'ErasePlayer' }, new Date().toISOString(), () => this.personal.erase(playerId));
  }

  player(
    envelope: Envelope,
    playerId: string,
    command: Body<PlayerCommand>,
    at = new Date().toISOString(),
    beforeAppend?: () => Promise<void>,
  ) {
    return this.send(envelope, playerStreamIdOf(playerId), { ...command, at, actor: actorOf(envelope) } as PlayerCommand, beforeAppend);
  }

  list(envelope: Envelope, listId: string, command: Body<ExclusionCommand>) {
    return this.send(envelope, exclusionStreamIdOf(listId), {
      ...command,
      at: new Date().toISOString(),
      actor: actorOf(envelope),
    } as ExclusionCommand);
  }

  /** A file's entries as the log keeps them: the card number, and the identity only as its match key. */
  entriesOf(entries: readonly ImportEntry[]): ExclusionEntry[] {
    return entries.map((e) => ({
      entryId: e.entryId,
      playerId: e.cardNumber ?? null,
      matchKey: e.name !== undefined && e.birthDate !== undefined ? this.personal.matchKey(e.name, e.birthDate) : null,
    }));
  }

  private send(
    envelope: Envelope,
    streamId: string,
    command: PlayerCommand | ExclusionCommand,
    beforeAppend?: () => Promise<void>,
  ): Promise<RegistryOutcome> {
    return this.bus.execute(new ApplyRegistryCommand({ ...envelope, streamId, command, ...(beforeAppend ? { beforeAppend } : {}) }));
  }
}

function actorOf(envelope: Envelope): string {
  return String(envelope.metadata.actorId ?? 'unknown');
}
