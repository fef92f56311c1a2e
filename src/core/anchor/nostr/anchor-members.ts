/**
 * The Nostr anchor member's own fields (spec §5.1): event_id and pubkey as 64 lowercase hex,
 * relays as ws(s):// URLs, published_at as RFC 3339, and the schema_version it is read as.
 */
import { isLowerHex } from '../../encoding/hex';
import { checkRfc3339 } from '../../encoding/rfc3339';
import { describeType, member, type JsonObject } from '../../json/ast';
import { AnchorRecorder, type AnchorEntry } from '../details';
import { RELAY_URL } from '../formats';
import { NOSTR_ANCHOR_SCHEMA, NOSTR_RULES as N } from './rules';

export function hexMember(
  anchor: JsonObject,
  name: 'event_id' | 'pubkey',
  rec: AnchorRecorder,
): string | undefined {
  const value = member(anchor, name);
  if (value?.type === 'string' && isLowerHex(value.value, 64)) return value.value;
  rec.record('fail', name === 'event_id' ? N.eventIdMember : N.pubkeyMember, name, {
    place: value ?? anchor,
    found: describeType(value),
  });
  return undefined;
}

export function checkAnchorMetadata(
  anchor: JsonObject,
  rec: AnchorRecorder,
  entry: AnchorEntry,
): void {
  const relays = member(anchor, 'relays');
  if (relays) {
    const urls =
      relays.type === 'array'
        ? relays.items.flatMap((r) =>
            r.type === 'string' && RELAY_URL.test(r.value) ? [r.value] : [],
          )
        : [];
    if (relays.type !== 'array' || urls.length !== relays.items.length)
      rec.record('warning', N.relays, 'relays', { place: relays });
    entry.relays = urls;
  }
  const publishedAt = member(anchor, 'published_at');
  if (publishedAt) {
    if (publishedAt.type === 'string' && checkRfc3339(publishedAt.value).ok) {
      entry.witnessTime ??= publishedAt.value;
    } else {
      rec.record('fail', N.publishedAt, 'published_at', {
        place: publishedAt,
        found: describeType(publishedAt),
      });
    }
  }
  const schema = member(anchor, 'schema_version');
  if (schema && !(schema.type === 'string' && schema.value === NOSTR_ANCHOR_SCHEMA))
    rec.record('warning', N.schemaVersion, 'schema_version', {
      place: schema,
      found: describeType(schema),
      detail: `Checked as the ${NOSTR_ANCHOR_SCHEMA} shape.`,
    });
}
