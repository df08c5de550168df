import { mount } from 'svelte';
import '../lib/base.css';
import GmApp from './GmApp.svelte';

mount(GmApp, { target: document.getElementById('app')! });
