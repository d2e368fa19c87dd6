// The framework's floor for `npm run bench` (scripts/bench-floor.mjs): the app's settings that
// shape a response, nothing of the app itself.
const floorConfig = { reactStrictMode: true, poweredByHeader: false };
export default floorConfig;
