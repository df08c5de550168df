import { mount } from 'svelte';
import '../lib/base.css';
import './play.css';
import PlayApp from './PlayApp.svelte';

mount(PlayApp, { target: document.getElementById('app')! });
