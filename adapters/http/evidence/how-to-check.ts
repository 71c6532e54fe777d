/** HOW-TO-CHECK.txt of the evidence bundle: how an authority checks it offline with the service's CLI. */
export function howToCheck(): string {
  return `How to check this evidence bundle offline
==========================================

This ZIP was written by drivercard-rest. It holds:
  manifest.json     every original download with its SHA-256, size, what it covers (card, activity days, the
                    moment it was received), its signature verification result per signed part (per EF for cards),
                    the imports left out and why, the rule set version, and the SHA-256 of every document below
  originals/        the downloads exactly as they were received, byte for byte (EU Regulation 2016/799 Annex 1C)
  findings.json     the service's answer GET /api/drivercard/findings for the card and period
  annotations.json  the office's annotations of the card in the period (withdrawn ones too)
  reviews.json      the office's reviews of the findings, each history with its hash chain
  report-*.pdf      the infringement report of the period

1. The bytes are the bytes listed:
     drivercard check-bundle THIS.zip
   re-hashes every entry against manifest.json (exit code 0: all as listed; 1: names each changed, missing or
   unlisted entry). Without the CLI, unzip the bundle and compare
     sha256sum originals/*
   with the "sha256" of each entry of manifest.json.

2. Each download is authentic (certificate chains and signatures against the ERCA roots):
     drivercard verify originals/FILE
   exit code 0 only when the file is VERIFIED; a single changed byte makes it INVALID.

3. The findings follow from the downloads: import them into an empty data folder and ask for the same findings:
     DRIVERCARD_DATA_DIR=/tmp/check drivercard import originals/
     DRIVERCARD_DATA_DIR=/tmp/check drivercard serve &
     curl 'http://127.0.0.1:5055/api/drivercard/findings?card_number=CARD&date_from=FROM&date_to=TO&limit=5000'
   The answer equals findings.json byte for byte (CARD, FROM and TO as in manifest.json) unless the office's
   annotations or reviews change a finding's status; those are in annotations.json and reviews.json.
`;
}
