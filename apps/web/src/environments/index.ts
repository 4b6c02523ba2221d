/** Branding and behaviour per environment (DESIGN.md §2 src/environments; spec §1). */
export { brandingFor, type Branding, type BrandColours } from './branding.ts';
export { behaviourFor, type Behaviour, type LoginMode } from './behaviour.ts';
