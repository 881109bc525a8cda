"""The static site: the whole app as a folder of files, Python run in the page.

:mod:`.runtime` fetches and checks the pinned Pyodide runtime and wheels;
:mod:`.build` writes the folder (the page, the type modules, the GET answers
pre-rendered by the server's own endpoints, the runtime, the service worker).
"""
