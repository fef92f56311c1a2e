/**
 * Bitcoin block headers for the OpenTimestamps vectors (from README.md in this folder).
 * hello-world.txt.ots and bad-stamp.txt.ots both attest block 358391, so HEADER_358391 is the
 * attested block's header for both: hello-world must confirm against it, bad-stamp must fail.
 */
export const HEADER_358391 =
  '02000000b96394585a281b7e5f438fd1c9ed492645a1fd61cb3802040000000000000000007ee445d23ad061af4a36b809501fab1ac4f2d7e7a739817dd0cbb7ec661b8a1e376755f58616186272def6';

export const GENESIS_HEADER =
  '0100000000000000000000000000000000000000000000000000000000000000000000003ba3edfd7a7b12b27ac72c3e67768f617fc81bc3888a51323a9fb8aa4b1e5e4a29ab5f49ffff001d1dac2b7c';

/** SHA-256 of hello-world.txt ("Hello World!\n"), the proof's start digest. */
export const HELLO_WORLD_SHA256 =
  '03ba204e50d126e4674c005e04d82e84c21366780af1f43bd54a37816b6ab340';

/** The value hello-world.txt.ots reaches: block 358391's merkle root, internal byte order. */
export const HELLO_WORLD_MERKLE_ROOT =
  '007ee445d23ad061af4a36b809501fab1ac4f2d7e7a739817dd0cbb7ec661b8a';
