import { createApp } from 'vue';
// Defines <repkit-widget> (the pure 'repkit' entry defines nothing).
import 'repkit/embed';
import App from './App.vue';

createApp(App).mount('#app');
