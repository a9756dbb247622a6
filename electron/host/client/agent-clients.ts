/** The agent clients' methods of the client's own table: `call --record DIR`'s files. */
import { writeRecordFiles } from '../agent-clients/record-files';
import type { DomainHandlers } from './domain';

export const handlers: DomainHandlers<'agentClients.writeRecords'> = {
  'agentClients.writeRecords': async ({ dir, records }) => ({
    files: await writeRecordFiles(dir, records),
  }),
};
