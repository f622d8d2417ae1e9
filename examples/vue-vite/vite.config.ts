import vue from '@vitejs/plugin-vue';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [
    vue({
      // <repkit-widget> is a custom element, not a Vue component: Vue sets its attributes.
      template: { compilerOptions: { isCustomElement: (tag) => tag.startsWith('repkit-') } },
    }),
  ],
});
