/** Branding and behaviour per environment (DESIGN.md §2 src/environments; spec §1). */
export {
  BRANDING,
  COMMUNITY_BRAND,
  brandingFor,
  type Branding,
  type BrandPalette,
  type BrandCopyKey,
  type EnvironmentBadge,
} from './branding.ts';
export { contrastRatio } from './contrast.ts';
export { behaviourFor, type Behaviour, type LoginMode } from './behaviour.ts';
