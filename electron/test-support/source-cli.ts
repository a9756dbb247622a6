/**
 * The CLI from source, started the way bin/skill-studio.cjs starts the bundle:
 * for tests that need a real process (signals, a parent that dies). Run it with
 * `node --import tsx electron/test-support/source-cli.ts ARGS…`.
 */
import { main } from '../cli/main';

void main(process.argv.slice(2)).then((code) => {
  process.exitCode = code;
});
