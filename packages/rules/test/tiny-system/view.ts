export interface TinyViewExt {
  readonly system: 'tiny';
  readonly rallies: number;
}
