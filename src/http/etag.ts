import { hash } from 'node:crypto';

/** A strong ETag derived from the exact bytes sent: the quoted base64url SHA-256 of the body (RFC 9110 §8.8.3). */
export function etagOf(body: string | Buffer): string {
  return `"${hash('sha256', body, 'base64url')}"`;
}

const ENTITY_TAG = /(W\/)?"([\x21\x23-\x7e\x80-\xff]*)"/g;

/** The opaque tags of an If-None-Match / If-Match value, or '*' for the wildcard. Malformed members are skipped. */
export function parseEntityTags(header: string): '*' | string[] {
  if (header.trim() === '*') return '*';
  const tags: string[] = [];
  for (const match of header.matchAll(ENTITY_TAG)) tags.push(match[2]!);
  return tags;
}

function opaque(etag: string): string {
  return etag.replace(/^W\//, '').replace(/^"|"$/g, '');
}

/**
 * If-None-Match evaluation (RFC 9110 §13.1.2): true when the header is `*` or any listed tag equals the current one
 * under weak comparison (`W/"x"` matches `"x"`).
 */
export function ifNoneMatchMatches(header: string, currentEtag: string): boolean {
  if (header === currentEtag) return true; // the usual case: a client sending back the one tag it got
  const tags = parseEntityTags(header);
  if (tags === '*') return true;
  const current = opaque(currentEtag);
  return tags.includes(current);
}

/** If-Match evaluation (RFC 9110 §13.1.1): strong comparison, so a weak tag never matches. */
export function ifMatchMatches(header: string, currentEtag: string): boolean {
  if (header.trim() === '*') return true;
  if (currentEtag.startsWith('W/')) return false;
  const current = opaque(currentEtag);
  for (const match of header.matchAll(ENTITY_TAG)) {
    if (match[1] === undefined && match[2] === current) return true;
  }
  return false;
}
