import { p256 } from '@noble/curves/nist.js';
import { z } from 'zod';

const SEC1_HEX = /^(0[23][0-9a-fA-F]{64}|04[0-9a-fA-F]{128})$/;
const UNCOMPRESSED_HEX = /^04[0-9a-fA-F]{128}$/;

/** True when `hex` (SEC1, compressed or uncompressed) decodes to a point of the P-256 curve. */
export function isP256Point(hex: string): boolean {
  try {
    p256.Point.fromHex(hex).assertValidity();
    return true;
  } catch {
    return false;
  }
}

// Why a refinement on the schema and not a check in the service: a well-formed hex string that is not a
// curve point otherwise reaches HPKE or ECDSA and fails there as a 500. The refinement is skipped when
// the shape check already failed, so a malformed key reports one issue, not two.
const onCurve = (pattern: RegExp) => (hex: string) => !pattern.test(hex) || isP256Point(hex);
const NOT_ON_CURVE = 'is not a point of the P-256 curve';

/** A P-256 public key in SEC1 hex (66 compressed or 130 uncompressed characters) that is a curve point. */
export function p256KeyHex(shapeMessage = 'must be a P-256 public key in SEC1 hex (66 compressed or 130 uncompressed characters)') {
  return z.string().regex(SEC1_HEX, shapeMessage).refine(onCurve(SEC1_HEX), NOT_ON_CURVE);
}

/** An uncompressed P-256 public key in hex (130 characters starting 04) that is a curve point. */
export function p256UncompressedKeyHex(shapeMessage = 'must be an uncompressed P-256 public key (130 hex characters starting 04)') {
  return z.string().regex(UNCOMPRESSED_HEX, shapeMessage).refine(onCurve(UNCOMPRESSED_HEX), NOT_ON_CURVE);
}
