// Company routes of the unified tier: search (REST spec 4.2), lookup and events.
import type { Services } from '../services.js';
import type { RestApp } from './index.js';

export function registerCompanyRoutes(_app: RestApp, _services: Services): void {}
