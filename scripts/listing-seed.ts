// Writes the listing seed of the bundled skills (electron/host/registry/listing-seed.ts).
// Usage (scripts/build.mjs bundles and runs it): node listing-seed.cjs SKILLS_DIR BUILD_ID OUT
import { realpathSync, writeFileSync } from 'node:fs';
import { collectListingSeed } from '../electron/host/registry/listing-seed-writer';

const [skillsDir, buildId, out] = process.argv.slice(2);
void collectListingSeed(realpathSync(skillsDir), buildId).then((seed) => {
  writeFileSync(out, JSON.stringify(seed));
  console.log(`build: ${seed.skills.length} bundled skills seeded for \`list\``);
});
