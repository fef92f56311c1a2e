/** The reference kit's minimal valid receipt (spec §2.5, verbatim); its id is a UUID v4. */
export const MINIMAL_RECEIPT = {
  id: 'b6c63ac5-f324-4fa7-ad58-c4bf83faa86a',
  receipt_schema_version: '0.3',
  created_at: '2026-09-27T09:00:00.000Z',
  tool: { name: 'live_price', version: '4.0.0', scope: 'public' },
  provenance_class: 'EXECUTED BY ZAMBO',
  canonical_bytes:
    'eyJ0b29sIjoibGl2ZV9wcmljZSIsImlucHV0cyI6eyJwYWlyIjoiQlRDL1VTRCJ9LCJvdXRwdXRzIjp7InByaWNlX3VzZCI6OTc0MTIuNTV9LCJtcyI6MTA4fQ==',
  output_hash: 'sha256:c2258bdf9c34813a70166bc0e2d79b167f22f51a0adb67e218b5c868b911dca7',
  verification_status: 'verified',
} as const;
