import { mount } from 'svelte';
import './overlay.css';
import OverlayApp from './OverlayApp.svelte';

mount(OverlayApp, { target: document.getElementById('app')! });
