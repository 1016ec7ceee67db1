import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { EventStore, type Database } from '@felt/event-store';
import { API_CONFIG, type ApiConfig } from '../config/api-config';
import { DATABASE } from '../database/database.module';
import { AuditLog, generatePassword, StaffAdmin, putStaffOnRecord, Users } from '@felt/staff';

export const FIRST_FLOOR_USER = 'floor';
/** Whether this start may create the first floor user (the embedded default only). */
export const CREATE_FIRST_FLOOR_USER = Symbol('CREATE_FIRST_FLOOR_USER');

/** The actor of what the API does on its own at start. */
const AT_START = { actorId: 'felt:start', actorRole: 'system', actorName: 'felt', device: null, via: 'api' } as const;

/**
 * At every start: the staff that predate the audit stream are put on record (putStaffOnRecord). The embedded
 * default's first start (`npm start`, no DATABASE_URL, no user yet) then creates the floor supervisor `floor` with
 * a random password (UserCreated in the audit stream) and says once how to sign in; from there the floor adds the
 * other users (POST /users, `felt users add`). With PostgreSQL nobody is created: the operator adds users with the CLI.
 */
@Injectable()
export class FirstFloorUser implements OnApplicationBootstrap {
  private readonly logger = new Logger('Auth');

  constructor(
    @Inject(Users) private readonly users: Users,
    @Inject(StaffAdmin) private readonly admin: StaffAdmin,
    @Inject(AuditLog) private readonly audit: AuditLog,
    @Inject(DATABASE) private readonly db: Database,
    @Inject(EventStore) private readonly store: EventStore,
    @Inject(API_CONFIG) private readonly config: ApiConfig,
    @Inject(CREATE_FIRST_FLOOR_USER) private readonly createFirst: boolean,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const onRecord = await putStaffOnRecord(this.db, this.store, this.audit, AT_START);
    if (onRecord > 0) this.logger.log(`audit stream started: ${onRecord} existing users and dealer assignments put on record`);
    if (!this.createFirst || (await this.users.count()) > 0) return;
    // The first user has no one to enroll them: the password goes to the operator who started the API.
    const password = generatePassword();
    const created = await this.admin.create(FIRST_FLOOR_USER, 'floor', { userId: null, audit: AT_START }, password);
    if ('refused' in created) return; // another start got there first
    this.logger.warn(
      `first start: created floor supervisor "${FIRST_FLOOR_USER}" with password ${password} (shown once). Sign in: ` +
        `curl -s -X POST localhost:${this.config.port}/auth/login -H 'Content-Type: application/json' -d '{"username":"${FIRST_FLOOR_USER}","password":"${password}"}'`,
    );
  }
}
