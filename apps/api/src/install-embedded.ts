/**
 * The embedded databases' first start, in a process of its own: forked by server.ts, it receives the
 * configuration, creates the databases and exits (see bootstrap/embedded-first-start.ts).
 */
import { serveEmbeddedInstall } from './bootstrap/embedded-first-start';

serveEmbeddedInstall();
