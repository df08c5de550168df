// The creature file formats the server reads (a light entry: the console imports it without zod).
export const CREATURE_FILE_FORMATS = ['improved-initiative', '5etools', 'foundry', 'csv'] as const;
export type CreatureFileFormat = (typeof CREATURE_FILE_FORMATS)[number];
