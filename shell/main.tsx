import { createRoot } from 'react-dom/client'
import '../styles/global.css'
import { App } from './App'
import { startSite } from './site'

void startSite()
createRoot(document.getElementById('app')!).render(<App />)
