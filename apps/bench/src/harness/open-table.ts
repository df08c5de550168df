import type { TargetKind } from '../targets/target-kind.js';
import { openBgioTable } from '../targets/bgio-table.js';
import { openFloorTable } from '../targets/floor-table.js';
import { openRoundkeeperTable } from '../targets/roundkeeper-table.js';
import type { BenchTable, OpenTableOptions } from './bench-table.js';
import type { SeatMode } from './ipc.js';

/** The one place that maps a target to its client-side workload. */
export function openTable(target: TargetKind, options: OpenTableOptions, seatMode: SeatMode): Promise<BenchTable> {
  switch (target) {
    case 'floor':
      return openFloorTable(options);
    case 'boardgame.io':
      return openBgioTable(options);
    case 'roundkeeper':
      return openRoundkeeperTable(options, seatMode, 'patches');
    case 'roundkeeper-whole-views':
      return openRoundkeeperTable(options, seatMode, 'whole');
    default: {
      const unreachable: never = target;
      throw new Error(`unknown target ${String(unreachable)}`);
    }
  }
}
