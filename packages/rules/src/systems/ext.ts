// The per-system extension points joined into the engine's unions: each system's own commands,
// events and state slot. Adding a system's command, event or state means editing its own files only.
import type { Dc20Command } from './dc20/commands.js';
import type { Dc20Event } from './dc20/events.js';
import type { Dc20Ext } from './dc20/state.js';
import type { Dc20ViewExt } from './dc20/view.js';
import type { Dnd5eCommand } from './dnd5e/commands.js';
import type { Dnd5eEvent } from './dnd5e/events.js';
import type { Dnd5eExt } from './dnd5e/state.js';
import type { Dnd5eViewExt } from './dnd5e/view.js';
import type { GenesysCommand } from './genesys/commands.js';
import type { GenesysEvent } from './genesys/events.js';
import type { GenesysExt } from './genesys/state.js';
import type { GenesysViewExt } from './genesys/view.js';
import type { LfgCommand } from './lfg/commands.js';
import type { LfgEvent } from './lfg/events.js';
import type { LfgExt } from './lfg/state.js';
import type { LfgViewExt } from './lfg/view.js';
import type { UesrpgCommand } from './uesrpg/commands.js';
import type { UesrpgEvent } from './uesrpg/events.js';
import type { UesrpgExt } from './uesrpg/state.js';
import type { UesrpgViewExt } from './uesrpg/view.js';

export type SystemCommand = Dnd5eCommand | Dc20Command | GenesysCommand | LfgCommand | UesrpgCommand;
export type SystemEvent = Dnd5eEvent | Dc20Event | GenesysEvent | LfgEvent | UesrpgEvent;
export type SystemExt = Dnd5eExt | Dc20Ext | GenesysExt | LfgExt | UesrpgExt;
export type SystemViewExt = Dnd5eViewExt | Dc20ViewExt | GenesysViewExt | LfgViewExt | UesrpgViewExt;
