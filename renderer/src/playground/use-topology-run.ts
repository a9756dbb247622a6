/**
 * The playground's latest run of a skill read as a topology run (run-state.ts), refolded
 * when a batch of its events has arrived (the store's tick), not per event.
 */
import { useMemo } from 'react';
import { usePlayground, type ActiveRun } from './playground-store';
import {
  foldTopologyEvents,
  topologyMetadataOf,
  type FoldedTopologyRun,
} from '../topology/run-state';

export function useTopologyRun(run: ActiveRun | undefined): FoldedTopologyRun | null {
  const tick = usePlayground((s) => s.tick);
  return useMemo(() => {
    if (!run) return null;
    const events = run.model.allEvents();
    return {
      events,
      fold: foldTopologyEvents(events),
      input: run.model.request.arguments,
      final: topologyMetadataOf(run.model.result())?.state ?? null,
    };
    // tick is the dependency that matters: the run model is mutable, and a batch of its
    // events bumps the store's tick.
  }, [run, tick]);
}
