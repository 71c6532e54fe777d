/** A command's output captured for a test: what it wrote to stdout and stderr, line by line. */
export function captureIo(stderrIsTty = false) {
  const out: string[] = [];
  const err: string[] = [];
  return {
    io: { stdout: (s: string) => void out.push(s), stderr: (s: string) => void err.push(s), stderrIsTty },
    out,
    err,
  };
}
