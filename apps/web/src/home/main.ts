import { mount } from 'svelte';
import '../lib/base.css';
import Home from './Home.svelte';

mount(Home, { target: document.getElementById('app')! });
