print('interrupting', flush=True)
raise KeyboardInterrupt
