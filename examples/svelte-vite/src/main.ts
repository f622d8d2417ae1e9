import { mount } from 'svelte';
// Defines <repkit-widget> (the pure 'repkit' entry defines nothing).
import 'repkit/embed';
import App from './App.svelte';

export default mount(App, { target: document.getElementById('app')! });
