export type TinyEvent = { readonly type: 'tiny-rallied'; readonly round: number };
