import { createRoot } from 'react-dom/client'
import '../styles/global.css'
import { App } from './App'
import { startLive } from './live'
import { startSite } from './site'

startLive()
void startSite()
createRoot(document.getElementById('app')!).render(<App />)
