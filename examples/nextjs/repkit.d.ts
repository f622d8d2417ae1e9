// <repkit-widget> in JSX, every attribute typed (React 18 and 19).
/// <reference types="repkit/react" />
