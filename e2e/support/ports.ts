/** Ports of the end-to-end servers (apart from `npm start`'s 8080/8090, so both can run at once). */
export const E2E = {
  sandboxPort: 8190,
  smtpPort: 2625,
  sandboxUrl: 'http://localhost:8190',
  localPort: 8180,
  twoPointPort: 8181,
} as const;
