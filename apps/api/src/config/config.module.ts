import { Global, Module, type DynamicModule } from '@nestjs/common';
import { API_CONFIG, type ApiConfig } from './api-config';

/** Makes the settings injectable everywhere as API_CONFIG. */
@Global()
@Module({})
export class ConfigModule {
  static forRoot(config: ApiConfig): DynamicModule {
    return { module: ConfigModule, providers: [{ provide: API_CONFIG, useValue: config }], exports: [API_CONFIG] };
  }
}
