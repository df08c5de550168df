import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { SchemaComponents } from './schema-components.js';

describe('SchemaComponents', () => {
  it('moves a named schema into components once and points every use of it there', () => {
    const point = z.object({ x: z.number() }).meta({ id: 'Point' });
    const components = new SchemaComponents();
    const line = components.of(z.object({ from: point, to: point }), 'output');
    const single = components.of(point.nullable(), 'output');
    expect(line).toEqual({
      type: 'object',
      properties: { from: { $ref: '#/components/schemas/Point' }, to: { $ref: '#/components/schemas/Point' } },
      required: ['from', 'to'],
      additionalProperties: false,
    });
    expect(JSON.stringify(single)).toContain('"$ref":"#/components/schemas/Point"');
    expect(components.schemas).toEqual({ Point: { type: 'object', properties: { x: { type: 'number' } }, required: ['x'], additionalProperties: false } });
  });

  it('keeps a named schema whose input differs from its output under a second name', () => {
    const options = z.object({ size: z.number().default(1) }).meta({ id: 'Options' });
    const components = new SchemaComponents();
    components.of(z.object({ options }), 'output');
    const request = components.of(z.object({ options }), 'input');
    expect(JSON.stringify(request)).toContain('#/components/schemas/OptionsInput');
    expect(components.schemas.Options?.required).toEqual(['size']);
    expect(components.schemas.OptionsInput?.required).toBeUndefined();
  });
});
