class CustomError(Exception):
    pass


def explode(message):
    raise CustomError(message)
