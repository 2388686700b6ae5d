import { createApp } from 'vue';
import { createPinia } from 'pinia';
import App from './App.vue';
import { createConsoleRouter } from './router';
import { getBridge } from './api/client';

// Resolve the bridge before the router starts, so the browser bridge takes the one-time token out
// of the URL before anything else reads or rewrites it.
getBridge();

const app = createApp(App);
app.use(createPinia());
app.use(createConsoleRouter());
app.mount('#app');
