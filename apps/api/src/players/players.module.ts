import { Module } from '@nestjs/common';
import { RequestFingerprints } from '../tables/request-fingerprint';
import { ApplyRegistryCommandHandler } from './apply-registry-command';
import { ExclusionListsController } from './exclusion-lists.controller';
import { PersonalStore } from './personal-store';
import { PlayerCommands } from './player-commands';
import { PlayerRegistry } from './player-registry';
import { PlayerSeatGuard } from './player-seat-guard';
import { PlayersController } from './players.controller';
import { SessionsController } from './sessions.controller';

/** The player registry and the seat check every seating path asks (libs/players, docs/players.md). */
@Module({
  controllers: [PlayersController, ExclusionListsController, SessionsController],
  providers: [PlayerRegistry, PersonalStore, PlayerCommands, ApplyRegistryCommandHandler, PlayerSeatGuard, RequestFingerprints],
  exports: [PlayerSeatGuard, PlayerRegistry, PersonalStore],
})
export class PlayersModule {}
