// `npm run keys -- create --tier pro [--scopes mcp:tools,api:read] [--label text]`
// `npm run keys -- list` · `npm run keys -- revoke <id>` · `npm run keys -- --help`
// The work is in keys-command.ts (tests run it in process, against SQLite and PostgreSQL).
import { runKeysCommand } from './keys-command.js';

process.exitCode = await runKeysCommand(process.argv.slice(2), {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
});
