/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  // The example lives inside the repkit repository: its own folder is the project root.
  turbopack: { root: import.meta.dirname },
  outputFileTracingRoot: import.meta.dirname,
};

export default nextConfig;
