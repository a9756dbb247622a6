/**
 * What a command writes itself: the host returns a bundle's bytes and never writes them
 * anywhere, so the command line saves them where `-o` said, whole or not at all (a temp file
 * in the same folder, renamed into place: fs/atomic-write.ts).
 */
export { writeFileAtomic } from '../fs/atomic-write';
