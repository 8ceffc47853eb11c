print('done')
