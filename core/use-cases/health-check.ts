/** GET /health: the database answers. */
import type { ImportStore } from '../ports/import-store.js';
import type { HealthUseCase } from './contracts.js';

export class HealthCheck implements HealthUseCase {
  constructor(private readonly store: Pick<ImportStore, 'ping'>) {}

  async databaseAvailable(): Promise<boolean> {
    try {
      return await this.store.ping();
    } catch {
      return false;
    }
  }
}
