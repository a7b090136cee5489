import { liveOwner } from '../server/db/data-dir-lock';

/** The pid of a server running on this embedded data folder (the holder of its lock), if one is alive. */
export function runningServerPid(dataDir: string): number | null {
  const owner = liveOwner(dataDir);
  return owner?.what === 'servidor' ? owner.pid : null;
}
