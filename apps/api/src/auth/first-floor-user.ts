import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { API_CONFIG, type ApiConfig } from '../config/api-config';
import { generatePassword } from './passwords';
import { Users } from './users';

export const FIRST_FLOOR_USER = 'floor';

/**
 * The embedded default's first start (`npm start`, no DATABASE_URL, no user yet): creates the floor supervisor
 * `floor` with a random password and says once how to sign in; from there the floor adds the other users with
 * `felt users add`. With PostgreSQL nobody is created: the operator adds users with the CLI.
 */
@Injectable()
export class FirstFloorUser implements OnApplicationBootstrap {
  private readonly logger = new Logger('Auth');

  constructor(
    @Inject(Users) private readonly users: Users,
    @Inject(API_CONFIG) private readonly config: ApiConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if ((await this.users.count()) > 0) return;
    const password = generatePassword();
    const created = await this.users.add(FIRST_FLOOR_USER, 'floor', password);
    if (created === 'name-taken') return; // another start got there first
    this.logger.warn(
      `first start: created floor supervisor "${FIRST_FLOOR_USER}" with password ${password} (shown once). Sign in: ` +
        `curl -s -X POST localhost:${this.config.port}/auth/login -H 'Content-Type: application/json' -d '{"username":"${FIRST_FLOOR_USER}","password":"${password}"}'`,
    );
  }
}
