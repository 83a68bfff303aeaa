// Which store a process uses: PostgreSQL when DATABASE_URL is set (replicas share keys and
// audit), else the SQLite file DATABASE_PATH (default .data/opendata.sqlite).
import { PostgresDriver } from './postgres.js';
import { SqliteDriver } from './sqlite.js';
import { SqlStore } from './sql-store.js';
import type { Store } from './types.js';

export const DEFAULT_DATABASE_PATH = '.data/opendata.sqlite';

export interface StoreSettings {
  databaseUrl?: string;
  databasePath: string;
}

export function openStore(settings: StoreSettings, onError: (err: Error) => void = () => {}, now?: () => Date): Store {
  const driver = settings.databaseUrl ? new PostgresDriver(settings.databaseUrl, onError) : new SqliteDriver(settings.databasePath);
  return new SqlStore(driver, now);
}
