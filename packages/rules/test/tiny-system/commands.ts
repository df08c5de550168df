// Tiny's own command: the GM rallies the party (counted, up to the `maxRallies` option).
export type TinyCommand = { readonly type: 'tiny-rally' };
